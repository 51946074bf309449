-- grain-pt10m: time grain PT10M on the x-axis (BASE_AXIS), time range 2019-03-01T00:00:00 : 2019-03-08T00:00:00
SELECT DATE_TRUNC('hour', ds) + INTERVAL '10 minutes' * FLOOR(EXTRACT(MINUTE FROM ds) / 10) AS "ds",
       (COUNT(*)) AS "count"
FROM "random_time_series"
WHERE ds >= TIMESTAMP '2019-03-01 00:00:00'
  AND ds < TIMESTAMP '2019-03-08 00:00:00'
GROUP BY DATE_TRUNC('hour', ds) + INTERVAL '10 minutes' * FLOOR(EXTRACT(MINUTE FROM ds) / 10)
ORDER BY "count" DESC
LIMIT 10000
