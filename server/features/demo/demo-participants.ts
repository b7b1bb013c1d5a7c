/**
 * The 18 made-up participants of a demo dinner, living at real addresses in Freiburg im Breisgau with their
 * coordinates (WGS84), so that teams and routes have real geography without a geocoder.
 */
export const DEMO_PARTICIPANTS = [
  { firstnamePart: "Anna", lastname: "Schäfer", gender: 'FEMALE', numSeats: 6, age: 28, street: "Tullastraße", streetNr: "61", zip: '79108', cityName: "Freiburg", lat: 48.0259183, lng: 7.849108 },
  { firstnamePart: "Jonas", lastname: "Müller", gender: 'MALE', numSeats: 4, age: 31, street: "Lörracherstraße", streetNr: "20", zip: '79115', cityName: "Freiburg", lat: 47.9795719, lng: 7.8176925 },
  { firstnamePart: "Lea", lastname: "Böhm", gender: 'FEMALE', numSeats: 8, age: 24, street: "Schloßbergring", streetNr: "1", zip: '79098', cityName: "Freiburg", lat: 47.9925173, lng: 7.854574599999999 },
  { firstnamePart: "Maximilian", lastname: "Weiß", gender: 'MALE', numSeats: 6, age: 27, street: "Sundgauallee", streetNr: "31", zip: '79114', cityName: "Freiburg", lat: 48.008911, lng: 7.813903099999999 },
  { firstnamePart: "Sophie", lastname: "Krämer", gender: 'FEMALE', numSeats: 2, age: 35, street: "Hinterkirchstraße", streetNr: "1", zip: '79108', cityName: "Freiburg", lat: 48.0176216, lng: 7.8567388 },
  { firstnamePart: "Lukas", lastname: "Hoffmann", gender: 'MALE', numSeats: 6, age: 29, street: "Eisenbahnstraße", streetNr: "45", zip: '79098', cityName: "Freiburg", lat: 47.99749569999999, lng: 7.8441844 },
  { firstnamePart: "Marie", lastname: "Schröder", gender: 'FEMALE', numSeats: 10, age: 26, street: "Schauinslandstraße", streetNr: "49", zip: '79100', cityName: "Freiburg", lat: 47.9653777, lng: 7.8573426 },
  { firstnamePart: "Felix", lastname: "Günther", gender: 'MALE', numSeats: -1, age: 33, street: "Johann-von-Weerth-Straße", streetNr: "9", zip: '79100', cityName: "Freiburg", lat: 47.9853803, lng: 7.838599999999999 },
  { firstnamePart: "Hannah", lastname: "Köhler", gender: 'FEMALE', numSeats: 6, age: 22, street: "Mundenhof", streetNr: "37", zip: '79111', cityName: "Freiburg", lat: 48.0156763, lng: 7.777105400000001 },
  { firstnamePart: "Paul", lastname: "Schmitt", gender: 'MALE', numSeats: 8, age: 30, street: "Europaplatz", streetNr: "1", zip: '79108', cityName: "Freiburg", lat: 47.99723789999999, lng: 7.852617100000001 },
  { firstnamePart: "Emilia", lastname: "Wagner", gender: 'FEMALE', numSeats: 4, age: 25, street: "Alfred-Döblin-Platz", streetNr: "1", zip: '79100', cityName: "Freiburg", lat: 47.9752749, lng: 7.825334499999999 },
  { firstnamePart: "Jakob", lastname: "Lehmann", gender: 'MALE', numSeats: 6, age: 41, street: "Jesuitenschloß", streetNr: "1", zip: '79294', cityName: "Freiburg", lat: 47.9668465, lng: 7.817486199999999 },
  { firstnamePart: "Mia", lastname: "Fuchs", gender: 'FEMALE', numSeats: 6, age: 23, street: "Breikeweg", streetNr: "24", zip: '79112', cityName: "Freiburg", lat: 48.0210584, lng: 7.7279918 },
  { firstnamePart: "Elias", lastname: "Jäger", gender: 'MALE', numSeats: 3, age: 38, street: "Heinrich-von-Stephan-Straße", streetNr: "8", zip: '79101', cityName: "Freiburg", lat: 47.988857, lng: 7.8371025 },
  { firstnamePart: "Lena", lastname: "Zimmermann", gender: 'FEMALE', numSeats: 6, age: 27, street: "Schwarzwaldstraße", streetNr: "193", zip: '79117', cityName: "Freiburg", lat: 47.9886958, lng: 7.894310399999998 },
  { firstnamePart: "Noah", lastname: "Großmann", gender: 'MALE', numSeats: 12, age: 45, street: "Littenweilerstraße", streetNr: "20", zip: '79117', cityName: "Freiburg", lat: 47.9798165, lng: 7.892980100000001 },
  { firstnamePart: "Clara", lastname: "Öztürk", gender: 'FEMALE', numSeats: 6, age: 29, street: "Munzingerstraße", streetNr: "1", zip: '79111', cityName: "Freiburg", lat: 47.9886911, lng: 7.795399799999999 },
  { firstnamePart: "Ben", lastname: "Hübner", gender: 'MALE', numSeats: 2, age: 21, street: "Leopoldring", streetNr: "13", zip: '79098', cityName: "Freiburg", lat: 47.9976653, lng: 7.855521199999999 },
] as const;
