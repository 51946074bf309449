/**
 * Countries as the world map finds them (Superset's countries.get(fieldtype, value)): by common
 * English name, ISO 3166 alpha-2 (`cca2`) or alpha-3 (`cca3`) code, or IOC code (`cioc`),
 * case-insensitively; `name` also takes the usual other spellings listed after the name. Each
 * has a rough centre (latitude, longitude) where the map draws its bubble.
 * Line format: cca2|cca3|cioc|lat|lng|name[|other name…]; an empty cioc where there is none.
 */

export interface Country {
  cca2: string;
  cca3: string;
  cioc: string;
  lat: number;
  lng: number;
  name: string;
}

export type CountryFieldtype = 'name' | 'cca2' | 'cca3' | 'cioc';

const TABLE = `
AF|AFG|AFG|33|65|Afghanistan
AL|ALB|ALB|41|20|Albania
DZ|DZA|ALG|28|3|Algeria
AS|ASM|ASA|-14.33|-170|American Samoa
AD|AND|AND|42.5|1.5|Andorra
AO|AGO|ANG|-12.5|18.5|Angola
AI|AIA||18.25|-63.17|Anguilla
AG|ATG|ANT|17.05|-61.8|Antigua and Barbuda
AR|ARG|ARG|-34|-64|Argentina
AM|ARM|ARM|40|45|Armenia
AW|ABW|ARU|12.5|-69.97|Aruba
AU|AUS|AUS|-27|133|Australia
AT|AUT|AUT|47.33|13.33|Austria
AZ|AZE|AZE|40.5|47.5|Azerbaijan
BS|BHS|BAH|24.25|-76|Bahamas|The Bahamas
BH|BHR|BRN|26|50.55|Bahrain
BD|BGD|BAN|24|90|Bangladesh
BB|BRB|BAR|13.17|-59.53|Barbados
BY|BLR|BLR|53|28|Belarus
BE|BEL|BEL|50.83|4|Belgium
BZ|BLZ|BIZ|17.25|-88.75|Belize
BJ|BEN|BEN|9.5|2.25|Benin
BM|BMU|BER|32.33|-64.75|Bermuda
BT|BTN|BHU|27.5|90.5|Bhutan
BO|BOL|BOL|-17|-65|Bolivia
BA|BIH|BIH|44|18|Bosnia and Herzegovina
BW|BWA|BOT|-22|24|Botswana
BR|BRA|BRA|-10|-55|Brazil
BN|BRN|BRU|4.5|114.67|Brunei|Brunei Darussalam
BG|BGR|BUL|43|25|Bulgaria
BF|BFA|BUR|13|-2|Burkina Faso
BI|BDI|BDI|-3.5|30|Burundi
KH|KHM|CAM|13|105|Cambodia
CM|CMR|CMR|6|12|Cameroon
CA|CAN|CAN|60|-95|Canada
CV|CPV|CPV|16|-24|Cape Verde|Cabo Verde
KY|CYM|CAY|19.5|-80.5|Cayman Islands
CF|CAF|CAF|7|21|Central African Republic
TD|TCD|CHA|15|19|Chad
CL|CHL|CHI|-30|-71|Chile
CN|CHN|CHN|35|105|China
CO|COL|COL|4|-72|Colombia
KM|COM|COM|-12.17|44.25|Comoros
CG|COG|CGO|-1|15|Republic of the Congo|Congo|Congo, Rep.
CD|COD|COD|0|25|DR Congo|Democratic Republic of the Congo|Congo, Dem. Rep.
CR|CRI|CRC|10|-84|Costa Rica
CI|CIV|CIV|8|-5|Ivory Coast|Côte d'Ivoire|Cote d'Ivoire
HR|HRV|CRO|45.17|15.5|Croatia
CU|CUB|CUB|21.5|-80|Cuba
CW|CUW||12.12|-68.93|Curaçao|Curacao
CY|CYP|CYP|35|33|Cyprus
CZ|CZE|CZE|49.75|15.5|Czechia|Czech Republic
DK|DNK|DEN|56|10|Denmark
DJ|DJI|DJI|11.5|43|Djibouti
DM|DMA|DMA|15.42|-61.33|Dominica
DO|DOM|DOM|19|-70.67|Dominican Republic
EC|ECU|ECU|-2|-77.5|Ecuador
EG|EGY|EGY|27|30|Egypt|Egypt, Arab Rep.
SV|SLV|ESA|13.83|-88.92|El Salvador
GQ|GNQ|GEQ|2|10|Equatorial Guinea
ER|ERI|ERI|15|39|Eritrea
EE|EST|EST|59|26|Estonia
SZ|SWZ|SWZ|-26.5|31.5|Eswatini|Swaziland
ET|ETH|ETH|8|38|Ethiopia
FO|FRO|FRO|62|-7|Faroe Islands
FJ|FJI|FIJ|-18|175|Fiji
FI|FIN|FIN|64|26|Finland
FR|FRA|FRA|46|2|France
GF|GUF||4|-53|French Guiana
PF|PYF||-15|-140|French Polynesia
GA|GAB|GAB|-1|11.75|Gabon
GM|GMB|GAM|13.47|-16.57|Gambia|The Gambia|Gambia, The
GE|GEO|GEO|42|43.5|Georgia
DE|DEU|GER|51|9|Germany
GH|GHA|GHA|8|-2|Ghana
GI|GIB||36.13|-5.35|Gibraltar
GR|GRC|GRE|39|22|Greece
GL|GRL||72|-40|Greenland
GD|GRD|GRN|12.12|-61.67|Grenada
GP|GLP||16.25|-61.58|Guadeloupe
GU|GUM|GUM|13.47|144.78|Guam
GT|GTM|GUA|15.5|-90.25|Guatemala
GN|GIN|GUI|11|-10|Guinea
GW|GNB|GBS|12|-15|Guinea-Bissau
GY|GUY|GUY|5|-59|Guyana
HT|HTI|HAI|19|-72.42|Haiti
HN|HND|HON|15|-86.5|Honduras
HK|HKG|HKG|22.27|114.19|Hong Kong|Hong Kong SAR, China
HU|HUN|HUN|47|20|Hungary
IS|ISL|ISL|65|-18|Iceland
IN|IND|IND|20|77|India
ID|IDN|INA|-5|120|Indonesia
IR|IRN|IRI|32|53|Iran|Iran, Islamic Rep.
IQ|IRQ|IRQ|33|44|Iraq
IE|IRL|IRL|53|-8|Ireland
IL|ISR|ISR|31.5|34.75|Israel
IT|ITA|ITA|42.83|12.83|Italy
JM|JAM|JAM|18.25|-77.5|Jamaica
JP|JPN|JPN|36|138|Japan
JO|JOR|JOR|31|36|Jordan
KZ|KAZ|KAZ|48|68|Kazakhstan
KE|KEN|KEN|1|38|Kenya
KI|KIR|KIR|1.42|173|Kiribati
KP|PRK|PRK|40|127|North Korea|Korea, Dem. People's Rep.
KR|KOR|KOR|37|127.5|South Korea|Korea|Korea, Rep.|Republic of Korea
XK|UNK|KOS|42.67|21.17|Kosovo
KW|KWT|KUW|29.5|45.75|Kuwait
KG|KGZ|KGZ|41|75|Kyrgyzstan|Kyrgyz Republic
LA|LAO|LAO|18|105|Laos|Lao PDR
LV|LVA|LAT|57|25|Latvia
LB|LBN|LIB|33.83|35.83|Lebanon
LS|LSO|LES|-29.5|28.5|Lesotho
LR|LBR|LBR|6.5|-9.5|Liberia
LY|LBY|LBA|25|17|Libya
LI|LIE|LIE|47.27|9.53|Liechtenstein
LT|LTU|LTU|56|24|Lithuania
LU|LUX|LUX|49.75|6.17|Luxembourg
MO|MAC||22.17|113.55|Macau|Macao SAR, China|Macao
MG|MDG|MAD|-20|47|Madagascar
MW|MWI|MAW|-13.5|34|Malawi
MY|MYS|MAS|2.5|112.5|Malaysia
MV|MDV|MDV|3.25|73|Maldives
ML|MLI|MLI|17|-4|Mali
MT|MLT|MLT|35.83|14.58|Malta
MH|MHL|MHL|9|168|Marshall Islands
MQ|MTQ||14.67|-61|Martinique
MR|MRT|MTN|20|-12|Mauritania
MU|MUS|MRI|-20.28|57.55|Mauritius
MX|MEX|MEX|23|-102|Mexico
FM|FSM|FSM|6.92|158.25|Micronesia|Micronesia, Fed. Sts.
MD|MDA|MDA|47|29|Moldova
MC|MCO|MON|43.73|7.4|Monaco
MN|MNG|MGL|46|105|Mongolia
ME|MNE|MNE|42.5|19.3|Montenegro
MA|MAR|MAR|32|-5|Morocco
MZ|MOZ|MOZ|-18.25|35|Mozambique
MM|MMR|MYA|22|98|Myanmar|Burma
NA|NAM|NAM|-22|17|Namibia
NR|NRU|NRU|-0.53|166.92|Nauru
NP|NPL|NEP|28|84|Nepal
NL|NLD|NED|52.5|5.75|Netherlands|The Netherlands
NC|NCL||-21.5|165.5|New Caledonia
NZ|NZL|NZL|-41|174|New Zealand
NI|NIC|NCA|13|-85|Nicaragua
NE|NER|NIG|16|8|Niger
NG|NGA|NGR|10|8|Nigeria
MK|MKD|MKD|41.83|22|North Macedonia|Macedonia|Macedonia, FYR
MP|MNP||15.2|145.75|Northern Mariana Islands
NO|NOR|NOR|62|10|Norway
OM|OMN|OMA|21|57|Oman
PK|PAK|PAK|30|70|Pakistan
PW|PLW|PLW|7.5|134.5|Palau
PS|PSE|PLE|31.9|35.2|Palestine|West Bank and Gaza
PA|PAN|PAN|9|-80|Panama
PG|PNG|PNG|-6|147|Papua New Guinea
PY|PRY|PAR|-23|-58|Paraguay
PE|PER|PER|-10|-76|Peru
PH|PHL|PHI|13|122|Philippines
PL|POL|POL|52|20|Poland
PT|PRT|POR|39.5|-8|Portugal
PR|PRI|PUR|18.25|-66.5|Puerto Rico
QA|QAT|QAT|25.5|51.25|Qatar
RE|REU||-21.15|55.5|Réunion|Reunion
RO|ROU|ROU|46|25|Romania
RU|RUS|RUS|60|100|Russia|Russian Federation
RW|RWA|RWA|-2|30|Rwanda
KN|KNA|SKN|17.33|-62.75|Saint Kitts and Nevis|St. Kitts and Nevis
LC|LCA|LCA|13.88|-60.97|Saint Lucia|St. Lucia
VC|VCT|VIN|13.25|-61.2|Saint Vincent and the Grenadines|St. Vincent and the Grenadines
WS|WSM|SAM|-13.58|-172.33|Samoa
SM|SMR|SMR|43.77|12.42|San Marino
ST|STP|STP|1|7|São Tomé and Príncipe|Sao Tome and Principe
SA|SAU|KSA|25|45|Saudi Arabia
SN|SEN|SEN|14|-14|Senegal
RS|SRB|SRB|44|21|Serbia
SC|SYC|SEY|-4.58|55.67|Seychelles
SL|SLE|SLE|8.5|-11.5|Sierra Leone
SG|SGP|SGP|1.37|103.8|Singapore
SX|SXM||18.03|-63.05|Sint Maarten|Sint Maarten (Dutch part)
SK|SVK|SVK|48.67|19.5|Slovakia|Slovak Republic
SI|SVN|SLO|46.12|14.82|Slovenia
SB|SLB|SOL|-8|159|Solomon Islands
SO|SOM|SOM|10|49|Somalia
ZA|ZAF|RSA|-29|24|South Africa
SS|SSD|SSD|7|30|South Sudan
ES|ESP|ESP|40|-4|Spain
LK|LKA|SRI|7|81|Sri Lanka
SD|SDN|SUD|15|30|Sudan
SR|SUR|SUR|4|-56|Suriname
SE|SWE|SWE|62|15|Sweden
CH|CHE|SUI|47|8|Switzerland
SY|SYR|SYR|35|38|Syria|Syrian Arab Republic
TW|TWN|TPE|23.5|121|Taiwan
TJ|TJK|TJK|39|71|Tajikistan
TZ|TZA|TAN|-6|35|Tanzania
TH|THA|THA|15|100|Thailand
TL|TLS|TLS|-8.83|125.92|Timor-Leste|East Timor
TG|TGO|TOG|8|1.17|Togo
TO|TON|TGA|-20|-175|Tonga
TT|TTO|TTO|11|-61|Trinidad and Tobago
TN|TUN|TUN|34|9|Tunisia
TR|TUR|TUR|39|35|Turkey|Türkiye|Turkiye
TM|TKM|TKM|40|60|Turkmenistan
TC|TCA||21.75|-71.58|Turks and Caicos Islands
TV|TUV|TUV|-8|178|Tuvalu
UG|UGA|UGA|1|32|Uganda
UA|UKR|UKR|49|32|Ukraine
AE|ARE|UAE|24|54|United Arab Emirates
GB|GBR|GBR|54|-2|United Kingdom|UK|Great Britain
US|USA|USA|38|-97|United States|United States of America|USA|US
UY|URY|URU|-33|-56|Uruguay
UZ|UZB|UZB|41|64|Uzbekistan
VU|VUT|VAN|-16|167|Vanuatu
VA|VAT||41.9|12.45|Vatican City|Holy See
VE|VEN|VEN|8|-66|Venezuela|Venezuela, RB
VN|VNM|VIE|16.17|107.83|Vietnam|Viet Nam
VG|VGB|IVB|18.43|-64.62|British Virgin Islands
VI|VIR|ISV|18.35|-64.93|United States Virgin Islands|Virgin Islands (U.S.)
EH|ESH||24.5|-13|Western Sahara
YE|YEM|YEM|15|48|Yemen|Yemen, Rep.
ZM|ZMB|ZAM|-15|30|Zambia
ZW|ZWE|ZIM|-20|30|Zimbabwe
`;

const COUNTRIES: Country[] = [];
const LOOKUPS: Record<CountryFieldtype, Map<string, Country>> = { name: new Map(), cca2: new Map(), cca3: new Map(), cioc: new Map() };

for (const line of TABLE.trim().split('\n')) {
  const [cca2, cca3, cioc, lat, lng, name, ...otherNames] = line.split('|');
  const country: Country = { cca2, cca3, cioc, lat: Number(lat), lng: Number(lng), name };
  COUNTRIES.push(country);
  for (const field of ['cca2', 'cca3', 'cioc'] as const) if (country[field]) LOOKUPS[field].set(country[field].toLowerCase(), country);
  for (const n of [name, ...otherNames]) if (!LOOKUPS.name.has(n.toLowerCase())) LOOKUPS.name.set(n.toLowerCase(), country);
}

export const countryList: readonly Country[] = COUNTRIES;

/** The country a value names under a fieldtype, or null (the map shows it as 'XXX'). */
export function findCountry(fieldtype: unknown, value: string): Country | null {
  const lookup = typeof fieldtype === 'string' && fieldtype in LOOKUPS ? LOOKUPS[fieldtype as CountryFieldtype] : null;
  return lookup?.get(value.trim().toLowerCase()) ?? null;
}
