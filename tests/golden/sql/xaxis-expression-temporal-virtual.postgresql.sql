-- xaxis-expression-temporal-virtual: an SQL-expression x-axis over a virtual dataset, with a time range on its column: probed over the virtual table, bucketed by year
SELECT DATE_TRUNC('year', (DATE(ds))) AS "birth_day",
       (SUM(num)) AS "sum__num"
FROM (
SELECT ds, gender, name, num, state
FROM birth_names
WHERE num >= 100
) AS virtual_table
WHERE ds >= TIMESTAMP '1990-01-01 00:00:00'
  AND ds < TIMESTAMP '2000-01-01 00:00:00'
GROUP BY DATE_TRUNC('year', (DATE(ds)))
ORDER BY "birth_day" ASC
LIMIT 10000
