-- virtual-time-filter-default: get_time_filter's default when the query has no time range
SELECT DATETIME(ds, 'start of year') AS "ds",
       (COUNT(*)) AS "count"
FROM (
SELECT ds, gender, name, num, state
FROM birth_names
WHERE ds >= '1990-01-01 00:00:00' AND ds < '2000-01-01 00:00:00'
) AS virtual_table
GROUP BY DATETIME(ds, 'start of year')
ORDER BY "count" DESC
LIMIT 50000
