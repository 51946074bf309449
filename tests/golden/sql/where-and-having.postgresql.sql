-- where-and-having: extras.where and extras.having together, with a filter
SELECT state AS "state",
       (COUNT(*)) AS "count"
FROM "birth_names"
WHERE num > 20
  AND (gender = 'girl')
GROUP BY state
HAVING (COUNT(*) > 300)
ORDER BY "count" DESC
LIMIT 50000
