-- grain-pt30m: time grain PT30M on the x-axis (BASE_AXIS), time range 2019-03-01T00:00:00 : 2019-03-08T00:00:00
SELECT DATE_TRUNC('hour', ds) + INTERVAL '30 minutes' * FLOOR(EXTRACT(MINUTE FROM ds) / 30) AS "ds",
       (COUNT(*)) AS "count"
FROM "random_time_series"
WHERE ds >= TIMESTAMP '2019-03-01 00:00:00'
  AND ds < TIMESTAMP '2019-03-08 00:00:00'
GROUP BY DATE_TRUNC('hour', ds) + INTERVAL '30 minutes' * FLOOR(EXTRACT(MINUTE FROM ds) / 30)
ORDER BY "count" DESC
LIMIT 10000
