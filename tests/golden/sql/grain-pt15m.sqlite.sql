-- grain-pt15m: time grain PT15M on the x-axis (BASE_AXIS), time range 2019-03-01T00:00:00 : 2019-03-08T00:00:00
SELECT DATETIME(STRFTIME('%Y-%m-%dT%H:00:00', ds), '+' || (CAST(STRFTIME('%M', ds) AS INTEGER) / 15 * 15) || ' minutes') AS "ds",
       (COUNT(*)) AS "count"
FROM "random_time_series"
WHERE ds >= '2019-03-01 00:00:00'
  AND ds < '2019-03-08 00:00:00'
GROUP BY DATETIME(STRFTIME('%Y-%m-%dT%H:00:00', ds), '+' || (CAST(STRFTIME('%M', ds) AS INTEGER) / 15 * 15) || ' minutes')
ORDER BY "count" DESC
LIMIT 10000
