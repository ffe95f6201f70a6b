// Units of measure, written out or abbreviated as they follow a number ("12 kg", "3 hours"),
// for the statistics in digits (statistics.ts) and in words (number-words.ts).

import { wordSet as set } from './word-set.js';

/** Spans of time: "3 hours", "a 30-minute demo", "six-month review". */
export const TIME_UNITS = set(`ms millisecond milliseconds second seconds sec secs minute minutes min mins
  hour hours hr hrs day days week weeks month months year years decade decades century centuries
  dní dnů dny let roků měsíců minut hodin días años meses minutos horas semanas segundos jours ans mois
  heures semaines secondes tage tagen jahre jahren monate monaten minuten stunden sekunden wochen
  мин минут минуты секунд час часа часов дней дня лет года недель месяцев godzin godziny minut minuty dni
  dnia lat lata latach tygodni miesięcy minutę minuto anos ano dias dia horas hora minutos meses semanas anni anno giorni
  giorno ore minuti mesi settimane mês semana mese settimana secondi jaar jaren maand maanden weken dag dagen uur uren
  minuut seconden tygodnie tygodnia miesiące miesiąca miesiąc rok roku sekund`);

export const UNIT_WORDS: ReadonlySet<string> = new Set([
  ...TIME_UNITS,
  ...set(`
  kg g mg µg t tonne tonnes ton tons lb lbs oz pound pounds ounce ounces
  km m cm mm µm μm nm å mi mile miles ft feet foot inch inches yard yards meter meters metre metres
  kilometer kilometers kilometre kilometres kilogram kilograms gram grams liter liters litre litres l ml
  gallon gallons mph km/h kmh kwh mwh gwh kw mw gw w watt watts v volt volts ohm ohms ω kω mω
  mah kb mb gb tb pb kib mib gib tib ko mo go kbps mbps gbps ghz mhz hz ° °c °f ºc ºf degree degrees
  calories kcal point points x × quarter quarters third thirds
  tbsp tbsps tsp tsps tablespoon tablespoons teaspoon teaspoons cup cups iu esslöffel teelöffel
  cuillère cuillères cucharada cucharadas cucharadita cucharaditas cucchiaio cucchiai cucchiaino cucchiaini colher colheres
  gramm kilogramm milligramm tonnen meter metern zentimeter millimeter kilometer kilometern quadratmeter
  quadratmetern hektar liter litern milliliter grad kilowattstunden ps cv
  grammes gramme kilogrammes kilos kilo mètres mètre centimètres kilomètres litres litre degrés hectares
  gramos kilogramos kilómetros metros centímetros litros grados hectáreas
  ppm ppb khz г гр л м ч ст кг мг мл см мм км шт ккал руб рублей рубля долларов евро zł złotych osób osoby sztuk
  szt cali reais pessoas unidades polegadas persone unità pollici litri chili grammi
  quilômetros quilómetros quilos graus centímetros milímetros metri chilometri centimetri millimetri chilogrammi gradi
  kilo gram graden metrów metry kilometrów kilogramów litrów stopni`),
]);
