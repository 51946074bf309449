-- grain-pt30s: time grain PT30S on the x-axis (BASE_AXIS), time range 2019-03-01T00:00:00 : 2019-03-02T00:00:00
SELECT DATE_TRUNC('minute', ds) + INTERVAL '30 seconds' * FLOOR(EXTRACT(SECOND FROM ds) / 30) AS "ds",
       (COUNT(*)) AS "count"
FROM "random_time_series"
WHERE ds >= TIMESTAMP '2019-03-01 00:00:00'
  AND ds < TIMESTAMP '2019-03-02 00:00:00'
GROUP BY DATE_TRUNC('minute', ds) + INTERVAL '30 seconds' * FLOOR(EXTRACT(SECOND FROM ds) / 30)
ORDER BY "count" DESC
LIMIT 10000
