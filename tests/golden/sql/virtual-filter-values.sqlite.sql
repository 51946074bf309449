-- virtual-filter-values: filter_values('state') | where_in in a virtual dataset sees the query's IN filter
SELECT state AS "state",
       (COUNT(*)) AS "count"
FROM (
SELECT ds, gender, name, num, state
FROM birth_names
WHERE state IN ('CA', 'NY')
) AS virtual_table
WHERE state IN ('CA', 'NY')
GROUP BY state
ORDER BY "count" DESC
LIMIT 50000
