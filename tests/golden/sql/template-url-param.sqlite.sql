-- template-url-param: url_param from the request's form_data in extras.where
SELECT gender AS "gender",
       (COUNT(*)) AS "count"
FROM "birth_names"
WHERE (state = 'NY')
GROUP BY gender
ORDER BY "count" DESC
LIMIT 50000
