-- xaxis-expression-temporal: an SQL-expression x-axis (DATE(ds)) with a grain: probed temporal on every engine (ISO text on SQLite), so bucketed by month
SELECT DATE_TRUNC('month', (DATE(ds))) AS "day",
       (COUNT(*)) AS "count"
FROM "random_time_series"
GROUP BY DATE_TRUNC('month', (DATE(ds)))
ORDER BY "day" ASC
LIMIT 10000
