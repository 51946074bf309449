-- virtual-time-filter: get_time_filter('ds', remove_filter=True) takes the query's time range into the virtual SQL
SELECT DATE_TRUNC('year', ds) AS "ds",
       (SUM(num)) AS "sum__num"
FROM (
SELECT ds, gender, name, num, state
FROM birth_names
WHERE ds >= TIMESTAMP '1995-01-01 00:00:00' AND ds < TIMESTAMP '1998-01-01 00:00:00'
) AS virtual_table
GROUP BY DATE_TRUNC('year', ds)
ORDER BY "sum__num" DESC
LIMIT 10000
