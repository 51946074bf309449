-- op-in-numeric-strings: IN with string values on a numeric column
SELECT gender AS `gender`,
       (COUNT(*)) AS `count`
FROM `birth_names`
WHERE num IN (5, 10, 20)
GROUP BY gender
ORDER BY `count` DESC
LIMIT 50000
