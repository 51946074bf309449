-- op-injection-value: a filter value with quotes and a comment is one literal
SELECT gender AS "gender",
       (COUNT(*)) AS "count"
FROM "birth_names"
WHERE state = 'CA'' OR ''1''=''1'' -- \'
GROUP BY gender
ORDER BY "count" DESC
LIMIT 50000
