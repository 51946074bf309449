-- template-where: the dataset's template parameters in extras.where (a number and where_in)
SELECT state AS "state",
       (COUNT(*)) AS "count"
FROM "birth_names"
WHERE (num >= 500 AND state IN ('CA', 'NY'))
GROUP BY state
ORDER BY "count" DESC
LIMIT 50000
