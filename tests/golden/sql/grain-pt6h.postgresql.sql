-- grain-pt6h: time grain PT6H on the x-axis (BASE_AXIS), time range 2019-03-01T00:00:00 : 2019-03-08T00:00:00
SELECT DATE_TRUNC('day', ds) + INTERVAL '6 hours' * FLOOR(EXTRACT(HOUR FROM ds) / 6) AS "ds",
       (COUNT(*)) AS "count"
FROM "random_time_series"
WHERE ds >= TIMESTAMP '2019-03-01 00:00:00'
  AND ds < TIMESTAMP '2019-03-08 00:00:00'
GROUP BY DATE_TRUNC('day', ds) + INTERVAL '6 hours' * FLOOR(EXTRACT(HOUR FROM ds) / 6)
ORDER BY "count" DESC
LIMIT 10000
