-- time-offset-series: two time offsets with a series column and a SIMPLE metric
SELECT MAKEDATE(YEAR(ds), 1) AS `ds`,
       gender AS `gender`,
       SUM(num) AS `SUM(num)`
FROM `birth_names`
WHERE ds >= TIMESTAMP '2004-01-01 00:00:00'
  AND ds < TIMESTAMP '2008-01-02 00:00:00'
GROUP BY MAKEDATE(YEAR(ds), 1), gender
ORDER BY `SUM(num)` DESC
LIMIT 10000
-- time offset: 1 year ago
SELECT MAKEDATE(YEAR(ds), 1) AS `ds`,
       gender AS `gender`,
       SUM(num) AS `SUM(num)`
FROM `birth_names`
WHERE ds >= TIMESTAMP '2003-01-01 00:00:00'
  AND ds < TIMESTAMP '2007-01-02 00:00:00'
GROUP BY MAKEDATE(YEAR(ds), 1), gender
ORDER BY `SUM(num)` DESC
LIMIT 10000
-- time offset: 2 years ago
SELECT MAKEDATE(YEAR(ds), 1) AS `ds`,
       gender AS `gender`,
       SUM(num) AS `SUM(num)`
FROM `birth_names`
WHERE ds >= TIMESTAMP '2002-01-01 00:00:00'
  AND ds < TIMESTAMP '2006-01-02 00:00:00'
GROUP BY MAKEDATE(YEAR(ds), 1), gender
ORDER BY `SUM(num)` DESC
LIMIT 10000
