-- grain-pt30s: time grain PT30S on the x-axis (BASE_AXIS), time range 2019-03-01T00:00:00 : 2019-03-02T00:00:00
SELECT DATETIME(STRFTIME('%Y-%m-%dT%H:%M:00', ds), '+' || (CAST(STRFTIME('%S', ds) AS INTEGER) / 30 * 30) || ' seconds') AS "ds",
       (COUNT(*)) AS "count"
FROM "random_time_series"
WHERE ds >= '2019-03-01 00:00:00'
  AND ds < '2019-03-02 00:00:00'
GROUP BY DATETIME(STRFTIME('%Y-%m-%dT%H:%M:00', ds), '+' || (CAST(STRFTIME('%S', ds) AS INTEGER) / 30 * 30) || ' seconds')
ORDER BY "count" DESC
LIMIT 10000
