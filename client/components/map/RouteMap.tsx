import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useMemo } from 'react';
import { MapContainer, Marker, Polyline, Popup } from 'react-leaflet';
import { MapTiles } from './MapTiles';

/** One numbered place on the map. */
export interface RoutePoint {
  key: string;
  /** What the marker shows: its number in the route. */
  label: string;
  /** What the marker's popup and its accessible name say. */
  title: string;
  lat: number;
  lng: number;
  /** Tailwind classes of the marker's disc: background and text colour. */
  markerClass: string;
}

export interface RouteMapProps {
  points: RoutePoint[];
  /** Leaflet URL template of the tiles ({z}/{x}/{y}, optionally {s}). */
  tileUrl: string;
  /** The tiles' attribution, HTML (links get rel="noreferrer"). */
  attribution: string;
  /** The map's accessible name. */
  label: string;
  /** Called whenever a tile cannot be loaded (no network, tile server down). */
  onTilesFailed: () => void;
}

// The markers are drawn as HTML (divIcon), not Leaflet's default image icon: that icon's image URLs break under
// a bundler, and numbers in the meal colours say more.
function numberedIcon(point: RoutePoint) {
  return L.divIcon({
    className: '',
    html: `<span class="flex size-8 items-center justify-center rounded-full border-2 border-white text-sm font-bold shadow-md ${point.markerClass}">${point.label}</span>`,
    iconSize: [32, 32],
    iconAnchor: [16, 16],
    popupAnchor: [0, -16],
  });
}

/**
 * The route on a map: numbered markers joined in order by a line. The page around it must say everything the
 * map shows, because tiles may not load (MapTiles asks for them without a Referer).
 */
export default function RouteMap({ points, tileUrl, attribution, label, onTilesFailed }: RouteMapProps) {
  const bounds = useMemo(() => L.latLngBounds(points.map((p) => [p.lat, p.lng])), [points]);
  const line = useMemo(() => points.map((p): [number, number] => [p.lat, p.lng]), [points]);
  const touch = L.Browser.mobile;
  return (
    <section aria-label={label} className="isolate">
      <MapContainer
        bounds={bounds}
        boundsOptions={{ padding: [40, 40], maxZoom: 16 }}
        className="h-72 w-full rounded-lg sm:h-96"
        // On phones one finger scrolls the page, not the map; pinching and the buttons zoom it.
        dragging={!touch}
        scrollWheelZoom={false}
        attributionControl={false}
      >
        <MapTiles url={tileUrl} attribution={attribution} onTilesFailed={onTilesFailed} />
        {line.length > 1 && (
          <Polyline positions={line} pathOptions={{ color: '#166534', weight: 3, dashArray: '6 8' }} />
        )}
        {points.map((point) => (
          <Marker
            key={point.key}
            position={[point.lat, point.lng]}
            icon={numberedIcon(point)}
            title={point.title}
            alt={point.title}
          >
            <Popup>{point.title}</Popup>
          </Marker>
        ))}
      </MapContainer>
    </section>
  );
}
