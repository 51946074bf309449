-- op-eq: == on a text column
SELECT gender AS `gender`,
       (COUNT(*)) AS `count`
FROM `birth_names`
WHERE state = 'CA'
GROUP BY gender
ORDER BY `count` DESC
LIMIT 100
