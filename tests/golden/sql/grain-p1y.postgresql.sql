-- grain-p1y: time grain P1Y on the x-axis (BASE_AXIS), time range No filter
SELECT DATE_TRUNC('year', ds) AS "ds",
       (COUNT(*)) AS "count"
FROM "random_time_series"
GROUP BY DATE_TRUNC('year', ds)
ORDER BY "count" DESC
LIMIT 10000
