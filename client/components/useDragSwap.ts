import { type DragEvent, useState } from 'react';

const MIME = 'application/x-swap-row-id';

/**
 * Native HTML5 drag and drop for swapping two rows: a row becomes draggable only while its handle is held
 * (so text stays selectable and links stay clickable), and dropping it on another row swaps the two.
 * One instance serves every table of a page, so a row can be dropped on a row of another table (a waiting participant on a team member).
 */
export function useDragSwap(onSwap: (draggedId: string, targetId: string) => void, enabled: boolean) {
  const [armedId, setArmedId] = useState<string | null>(null);
  const [draggedId, setDraggedId] = useState<string | null>(null);
  const [overId, setOverId] = useState<string | null>(null);

  const reset = () => {
    setArmedId(null);
    setDraggedId(null);
    setOverId(null);
  };

  const handleProps = (id: string) => ({
    onMouseDown: () => enabled && setArmedId(id),
    onMouseUp: () => setArmedId(null),
  });

  const rowProps = (id: string) => ({
    draggable: enabled && armedId === id,
    onDragStart: (e: DragEvent) => {
      e.dataTransfer.setData(MIME, id);
      e.dataTransfer.effectAllowed = 'move';
      setDraggedId(id);
    },
    onDragEnd: reset,
    onDragOver: (e: DragEvent) => {
      if (!draggedId || draggedId === id) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
      if (overId !== id) setOverId(id);
    },
    onDragLeave: (e: DragEvent) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null) && overId === id) setOverId(null);
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      const dropped = e.dataTransfer.getData(MIME) || draggedId;
      reset();
      if (dropped && dropped !== id) onSwap(dropped, id);
    },
  });

  return { handleProps, rowProps, draggedId, overId };
}

export type DragSwap = ReturnType<typeof useDragSwap>;
