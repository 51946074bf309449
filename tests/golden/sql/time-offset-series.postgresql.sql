-- time-offset-series: two time offsets with a series column and a SIMPLE metric
SELECT DATE_TRUNC('year', ds) AS "ds",
       gender AS "gender",
       SUM(num) AS "SUM(num)"
FROM "birth_names"
WHERE ds >= TIMESTAMP '2004-01-01 00:00:00'
  AND ds < TIMESTAMP '2008-01-02 00:00:00'
GROUP BY DATE_TRUNC('year', ds), gender
ORDER BY "SUM(num)" DESC
LIMIT 10000
-- time offset: 1 year ago
SELECT DATE_TRUNC('year', ds) AS "ds",
       gender AS "gender",
       SUM(num) AS "SUM(num)"
FROM "birth_names"
WHERE ds >= TIMESTAMP '2003-01-01 00:00:00'
  AND ds < TIMESTAMP '2007-01-02 00:00:00'
GROUP BY DATE_TRUNC('year', ds), gender
ORDER BY "SUM(num)" DESC
LIMIT 10000
-- time offset: 2 years ago
SELECT DATE_TRUNC('year', ds) AS "ds",
       gender AS "gender",
       SUM(num) AS "SUM(num)"
FROM "birth_names"
WHERE ds >= TIMESTAMP '2002-01-01 00:00:00'
  AND ds < TIMESTAMP '2006-01-02 00:00:00'
GROUP BY DATE_TRUNC('year', ds), gender
ORDER BY "SUM(num)" DESC
LIMIT 10000
