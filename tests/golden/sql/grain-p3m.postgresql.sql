-- grain-p3m: time grain P3M on the x-axis (BASE_AXIS), time range No filter
SELECT DATE_TRUNC('quarter', ds) AS "ds",
       (COUNT(*)) AS "count"
FROM "random_time_series"
GROUP BY DATE_TRUNC('quarter', ds)
ORDER BY "count" DESC
LIMIT 10000
