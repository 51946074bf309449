-- virtual-time-filter: get_time_filter('ds', remove_filter=True) takes the query's time range into the virtual SQL
SELECT DATETIME(ds, 'start of year') AS "ds",
       (SUM(num)) AS "sum__num"
FROM (
SELECT ds, gender, name, num, state
FROM birth_names
WHERE ds >= '1995-01-01 00:00:00' AND ds < '1998-01-01 00:00:00'
) AS virtual_table
GROUP BY DATETIME(ds, 'start of year')
ORDER BY "sum__num" DESC
LIMIT 10000
