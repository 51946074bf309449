-- time-offset-series: two time offsets with a series column and a SIMPLE metric
SELECT DATETIME(ds, 'start of year') AS "ds",
       gender AS "gender",
       SUM(num) AS "SUM(num)"
FROM "birth_names"
WHERE ds >= '2004-01-01 00:00:00'
  AND ds < '2008-01-02 00:00:00'
GROUP BY DATETIME(ds, 'start of year'), gender
ORDER BY "SUM(num)" DESC
LIMIT 10000
-- time offset: 1 year ago
SELECT DATETIME(ds, 'start of year') AS "ds",
       gender AS "gender",
       SUM(num) AS "SUM(num)"
FROM "birth_names"
WHERE ds >= '2003-01-01 00:00:00'
  AND ds < '2007-01-02 00:00:00'
GROUP BY DATETIME(ds, 'start of year'), gender
ORDER BY "SUM(num)" DESC
LIMIT 10000
-- time offset: 2 years ago
SELECT DATETIME(ds, 'start of year') AS "ds",
       gender AS "gender",
       SUM(num) AS "SUM(num)"
FROM "birth_names"
WHERE ds >= '2002-01-01 00:00:00'
  AND ds < '2006-01-02 00:00:00'
GROUP BY DATETIME(ds, 'start of year'), gender
ORDER BY "SUM(num)" DESC
LIMIT 10000
