import { spreadMarkers } from '@domain/routes/spread-markers';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { MapContainer, Marker, Polyline, useMap, useMapEvents } from 'react-leaflet';
import { MapTiles } from './MapTiles';

export interface LatLngPoint {
  lat: number;
  lng: number;
}

/** A labelled place on the map. */
export interface MapPlace extends LatLngPoint {
  key: string;
  /** What the marker shows: at most 3 characters. */
  label: string;
  /** The marker's accessible name and tooltip. */
  title: string;
  /** Tailwind classes of the disc (background and text colour); or `colour` for colours not in the theme. */
  className?: string;
  colour?: { background: string; text: string };
  /** A square instead of a disc: a place of another kind (a venue rather than a home). */
  square?: boolean;
  emphasis?: 'highlighted' | 'dimmed';
  /** The user may drag it (onPlaceMoved tells where to). */
  draggable?: boolean;
  /** Written to the marker's data-group attribute, for tests and styles. */
  group?: string;
}

/** A line through points, e.g. a way from place to place. */
export interface MapLine {
  key: string;
  points: [number, number][];
  /** A CSS colour, or `className` with a Tailwind stroke class (it wins over the colour). */
  colour?: string;
  className?: string;
  weight?: number;
  dashed?: boolean;
  emphasis?: 'highlighted' | 'dimmed';
}

export interface PlacesMapProps {
  places: MapPlace[];
  lines?: MapLine[];
  /** Leaflet URL template of the tiles ({z}/{x}/{y}, optionally {s}). */
  tileUrl: string;
  /** The tiles' attribution, HTML (links get rel="noreferrer"). */
  attribution: string;
  /** The map's accessible name. */
  label: string;
  onTilesFailed: () => void;
  onPlaceClick?: (key: string) => void;
  onPlaceMoved?: (key: string, position: LatLngPoint) => void;
  onMapClick?: (position: LatLngPoint) => void;
  /** The view fits the places whenever this changes (and at first). */
  fitKey?: string;
  /** The view moves to this point whenever `seq` changes. */
  focus?: LatLngPoint & { seq: number };
  /** Where to look when there is no place: a country's middle by default. */
  fallbackCenter?: LatLngPoint;
  /** The cursor says "click to pick a point". */
  picking?: boolean;
  className?: string;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const icons = new Map<string, L.DivIcon>();

// Markers are HTML (divIcon), not Leaflet's default image icon: that icon's image URLs break under a bundler, and a
// label in a colour says more. One icon per distinct look, shared by every marker that looks alike.
function iconOf(place: MapPlace): L.DivIcon {
  const size = place.emphasis === 'highlighted' ? 40 : 32;
  const classes = [
    'flex items-center justify-center border-2 text-xs font-bold shadow-md',
    place.square ? 'rounded-md' : 'rounded-full',
    place.emphasis === 'highlighted' ? 'size-10 border-gray-900 ring-4 ring-secondary-500' : 'size-8 border-white',
    place.emphasis === 'dimmed' ? 'opacity-40' : '',
    place.className ?? '',
  ].join(' ');
  const style = place.colour
    ? ` style="background:${escapeHtml(place.colour.background)};color:${escapeHtml(place.colour.text)}"`
    : '';
  const group = place.group ? ` data-group="${escapeHtml(place.group)}"` : '';
  const html = `<span data-testid="map-place" data-key="${escapeHtml(place.key)}"${group} class="${classes}"${style}>${escapeHtml(place.label.slice(0, 3))}</span>`;
  let icon = icons.get(html);
  if (!icon) {
    icon = L.divIcon({ className: '', html, iconSize: [size, size], iconAnchor: [size / 2, size / 2] });
    icons.set(html, icon);
  }
  return icon;
}

const boundsOf = (places: LatLngPoint[]) => L.latLngBounds(places.map((p) => [p.lat, p.lng]));
// No animation: the view jumps to what the settings show, and markers never move under a pointer.
const FIT = { padding: [32, 32] as [number, number], maxZoom: 16, animate: false };

function FitOnChange({ places, fitKey }: { places: LatLngPoint[]; fitKey?: string }) {
  const map = useMap();
  // The container set the first view itself; later the view follows the key.
  const fitted = useRef(fitKey);
  const latest = useRef(places);
  latest.current = places;
  useEffect(() => {
    if (fitted.current === fitKey) return;
    fitted.current = fitKey;
    if (places.length > 0) map.fitBounds(boundsOf(places), FIT);
  }, [fitKey, places, map]);
  // A map that changes its size (a window turned or resized) shows everything again.
  useEffect(() => {
    const refit = () => {
      if (latest.current.length > 0) map.fitBounds(boundsOf(latest.current), FIT);
    };
    map.on('resize', refit);
    return () => {
      map.off('resize', refit);
    };
  }, [map]);
  return null;
}

function FocusOn({ focus }: { focus?: LatLngPoint & { seq: number } }) {
  const map = useMap();
  const seq = focus?.seq;
  const latest = useRef(focus);
  latest.current = focus;
  useEffect(() => {
    if (seq !== undefined && latest.current) map.panTo([latest.current.lat, latest.current.lng]);
  }, [seq, map]);
  return null;
}

function ClickToPick({ onMapClick }: { onMapClick?: (position: LatLngPoint) => void }) {
  useMapEvents({ click: (e) => onMapClick?.({ lat: e.latlng.lat, lng: e.latlng.lng }) });
  return null;
}

function PlaceMarker({
  place,
  onPlaceClick,
  onPlaceMoved,
}: { place: MapPlace } & Pick<PlacesMapProps, 'onPlaceClick' | 'onPlaceMoved'>) {
  const handlers = useMemo<L.LeafletEventHandlerFnMap>(
    () => ({
      click: () => onPlaceClick?.(place.key),
      dragend: (e) => {
        const { lat, lng } = (e.target as L.Marker).getLatLng();
        onPlaceMoved?.(place.key, { lat, lng });
      },
    }),
    [place.key, onPlaceClick, onPlaceMoved],
  );
  // A new array would move the marker at every render.
  const position = useMemo<[number, number]>(() => [place.lat, place.lng], [place.lat, place.lng]);
  return (
    <Marker
      position={position}
      icon={iconOf(place)}
      title={place.title}
      alt={place.title}
      draggable={place.draggable === true}
      zIndexOffset={place.emphasis === 'highlighted' || place.draggable ? 1000 : 0}
      eventHandlers={handlers}
    />
  );
}

/** How far apart markers are drawn at least, centre to centre: a highlighted marker's size. */
const MARKER_GAP = 40;

/**
 * The markers, those at (nearly) one place spread around it on screen at the map's zoom so each can be seen and
 * clicked; a marker the user drags stays where it is.
 */
function SpreadMarkers({
  places,
  onPlaceClick,
  onPlaceMoved,
}: Pick<PlacesMapProps, 'places' | 'onPlaceClick' | 'onPlaceMoved'>) {
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()), viewreset: () => setZoom(map.getZoom()) });
  // Spread anew only when a place moves or the zoom changes, not at every render of the page around the map.
  const latest = useRef(places);
  latest.current = places;
  const where = places.map((place) => `${place.key}@${place.lat},${place.lng}${place.draggable ? '*' : ''}`).join(' ');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `where` stands for the places' positions, read through the ref
  const at = useMemo(() => {
    const spreading = latest.current.filter((place) => !place.draggable);
    const spread = spreadMarkers(
      spreading.map((place) => map.project([place.lat, place.lng], zoom)),
      MARKER_GAP,
    );
    return new Map(spreading.map((place, i) => [place.key, map.unproject(L.point(spread[i].x, spread[i].y), zoom)]));
  }, [where, zoom, map]);
  const shown = places.map((place) => {
    const position = at.get(place.key);
    return position ? { ...place, lat: position.lat, lng: position.lng } : place;
  });
  return shown.map((place) => (
    <PlaceMarker key={place.key} place={place} onPlaceClick={onPlaceClick} onPlaceMoved={onPlaceMoved} />
  ));
}

/**
 * Places with labels and lines between them. The page around it must say everything the map shows, because tiles
 * may not load (MapTiles asks for them without a Referer).
 */
export default function PlacesMap({
  places,
  lines = [],
  tileUrl,
  attribution,
  label,
  onTilesFailed,
  onPlaceClick,
  onPlaceMoved,
  onMapClick,
  fitKey,
  focus,
  fallbackCenter = { lat: 51.16, lng: 10.45 },
  picking = false,
  className = 'h-96 w-full rounded-lg',
}: PlacesMapProps) {
  // MapContainer reads its view once, when it is made.
  const [initial] = useState(() =>
    places.length > 0
      ? { bounds: boundsOf(places), boundsOptions: FIT }
      : { center: [fallbackCenter.lat, fallbackCenter.lng] as [number, number], zoom: 6 },
  );
  const touch = L.Browser.mobile;
  return (
    <section aria-label={label} className={`isolate ${picking ? '[&_.leaflet-container]:cursor-crosshair' : ''}`}>
      <MapContainer
        {...initial}
        className={className}
        // On phones one finger scrolls the page, not the map; pinching and the buttons zoom it.
        dragging={!touch}
        scrollWheelZoom={false}
        attributionControl={false}
      >
        <MapTiles url={tileUrl} attribution={attribution} onTilesFailed={onTilesFailed} />
        <FitOnChange places={places} fitKey={fitKey} />
        <FocusOn focus={focus} />
        <ClickToPick onMapClick={onMapClick} />
        {lines.map((line) => (
          <Polyline
            // Leaflet sets a path's class only when it draws it first.
            key={`${line.key} ${line.className ?? ''}`}
            positions={line.points}
            interactive={false}
            // An option of the path's creation: react-leaflet hands pathOptions to setStyle, which sets no class.
            className={`map-line ${line.className ?? ''}`}
            pathOptions={{
              color: line.colour ?? '#166534',
              weight: (line.weight ?? 3) + (line.emphasis === 'highlighted' ? 2 : 0),
              opacity: line.emphasis === 'dimmed' ? 0.2 : 0.85,
              dashArray: line.dashed ? '6 8' : undefined,
            }}
          />
        ))}
        <SpreadMarkers places={places} onPlaceClick={onPlaceClick} onPlaceMoved={onPlaceMoved} />
      </MapContainer>
    </section>
  );
}
