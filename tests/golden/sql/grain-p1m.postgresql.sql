-- grain-p1m: time grain P1M on the x-axis (BASE_AXIS), time range No filter
SELECT DATE_TRUNC('month', ds) AS "ds",
       (COUNT(*)) AS "count"
FROM "random_time_series"
GROUP BY DATE_TRUNC('month', ds)
ORDER BY "count" DESC
LIMIT 10000
