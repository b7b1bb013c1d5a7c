import { AttributionControl, TileLayer } from 'react-leaflet';

const LEAFLET_PREFIX = '<a href="https://leafletjs.com" rel="noreferrer" target="_blank">Leaflet</a>';

/**
 * The map's background tiles with their attribution. Pages with a map often hold secret ids in their path, so
 * tiles are requested with referrerPolicy no-referrer: the tile server never sees the page's address. Give the
 * MapContainer `attributionControl={false}`; this adds the control with the Leaflet link.
 */
export function MapTiles({
  url,
  attribution,
  onTilesFailed,
}: {
  url: string;
  attribution: string;
  onTilesFailed: () => void;
}) {
  return (
    <>
      <TileLayer
        url={url}
        attribution={attribution}
        referrerPolicy="no-referrer"
        eventHandlers={{ tileerror: onTilesFailed }}
      />
      <AttributionControl prefix={LEAFLET_PREFIX} />
    </>
  );
}
