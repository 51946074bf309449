-- deprecated-groupby: groupby, the deprecated name of columns; no row_limit (the default applies)
SELECT gender AS "gender",
       (COUNT(*)) AS "count"
FROM "birth_names"
GROUP BY gender
ORDER BY "count" DESC
LIMIT 50000
