-- metrics-hostile-label: a label with quotes, backquotes and a backslash is one alias on every engine
SELECT gender AS "gender",
       SUM(num) AS "Births ""total"" `it's` \ n"
FROM "birth_names"
GROUP BY gender
ORDER BY "Births ""total"" `it's` \ n" DESC
LIMIT 50000
