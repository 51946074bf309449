-- orderby-ascending-adhoc: orderby an adhoc metric ascending
SELECT "AIRLINE" AS "AIRLINE",
       COUNT("FLIGHT_NUMBER") AS "COUNT(FLIGHT_NUMBER)"
FROM "flights"
GROUP BY "AIRLINE"
ORDER BY COUNT("FLIGHT_NUMBER") ASC
LIMIT 5
