-- virtual-time-filter-default: get_time_filter's default when the query has no time range
SELECT MAKEDATE(YEAR(ds), 1) AS `ds`,
       (COUNT(*)) AS `count`
FROM (
SELECT ds, gender, name, num, state
FROM birth_names
WHERE ds >= TIMESTAMP '1990-01-01 00:00:00' AND ds < TIMESTAMP '2000-01-01 00:00:00'
) AS virtual_table
GROUP BY MAKEDATE(YEAR(ds), 1)
ORDER BY `count` DESC
LIMIT 50000
