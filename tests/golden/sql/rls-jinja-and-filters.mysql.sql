-- rls-jinja-and-filters: several RLS predicates (one with Jinja) ANDed with the query filters
SELECT state AS `state`,
       (COUNT(*)) AS `count`
FROM `birth_names`
WHERE gender = 'girl'
  AND (state IN ('CA', 'NY', 'TX'))
  AND (name <> 'golden')
GROUP BY state
ORDER BY `count` DESC
LIMIT 50000
