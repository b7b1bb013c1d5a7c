import { useEffect } from 'react';
import { create } from 'zustand';

// Which sections of the settings page hold input that is not saved: the page names them before anything would lose it.

interface UnsavedSections {
  sections: string[];
  mark: (section: string, unsaved: boolean) => void;
}

export const useUnsavedSections = create<UnsavedSections>((set) => ({
  sections: [],
  mark: (section, unsaved) =>
    set((s) => {
      const others = s.sections.filter((name) => name !== section);
      return { sections: unsaved ? [...others, section] : others };
    }),
}));

/** Keeps the section's mark while its form lives. */
export function useReportUnsaved(section: string, unsaved: boolean) {
  const mark = useUnsavedSections((s) => s.mark);
  useEffect(() => {
    mark(section, unsaved);
    return () => mark(section, false);
  }, [mark, section, unsaved]);
}
