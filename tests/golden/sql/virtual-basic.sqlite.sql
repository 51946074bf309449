-- virtual-basic: a virtual dataset's SQL as a subquery, with its template parameter
SELECT gender AS "gender",
       (SUM(num)) AS "sum__num",
       (COUNT(*)) AS "count"
FROM (
SELECT ds, gender, name, num, state
FROM birth_names
WHERE num >= 100
) AS virtual_table
GROUP BY gender
ORDER BY "sum__num" DESC
LIMIT 50000
