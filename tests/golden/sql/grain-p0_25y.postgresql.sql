-- grain-p0_25y: time grain P0.25Y on the x-axis (BASE_AXIS), time range No filter
SELECT DATE_TRUNC('quarter', ds) AS "ds",
       (COUNT(*)) AS "count"
FROM "random_time_series"
GROUP BY DATE_TRUNC('quarter', ds)
ORDER BY "count" DESC
LIMIT 10000
