-- rls-virtual: RLS on a virtual dataset
SELECT state AS `state`,
       (COUNT(*)) AS `count`
FROM (
SELECT ds, gender, name, num, state
FROM birth_names
WHERE num >= 100
) AS virtual_table
WHERE (gender = 'boy')
GROUP BY state
ORDER BY `count` DESC
LIMIT 50000
