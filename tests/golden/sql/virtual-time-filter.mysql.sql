-- virtual-time-filter: get_time_filter('ds', remove_filter=True) takes the query's time range into the virtual SQL
SELECT MAKEDATE(YEAR(ds), 1) AS `ds`,
       (SUM(num)) AS `sum__num`
FROM (
SELECT ds, gender, name, num, state
FROM birth_names
WHERE ds >= TIMESTAMP '1995-01-01 00:00:00' AND ds < TIMESTAMP '1998-01-01 00:00:00'
) AS virtual_table
GROUP BY MAKEDATE(YEAR(ds), 1)
ORDER BY `sum__num` DESC
LIMIT 10000
