-- grain-pt5m: time grain PT5M on the x-axis (BASE_AXIS), time range 2019-03-01T00:00:00 : 2019-03-02T00:00:00
SELECT DATE_TRUNC('hour', ds) + INTERVAL '5 minutes' * FLOOR(EXTRACT(MINUTE FROM ds) / 5) AS "ds",
       (COUNT(*)) AS "count"
FROM "random_time_series"
WHERE ds >= TIMESTAMP '2019-03-01 00:00:00'
  AND ds < TIMESTAMP '2019-03-02 00:00:00'
GROUP BY DATE_TRUNC('hour', ds) + INTERVAL '5 minutes' * FLOOR(EXTRACT(MINUTE FROM ds) / 5)
ORDER BY "count" DESC
LIMIT 10000
