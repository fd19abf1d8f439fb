import { useEffect } from 'react';

/** The entry API Chromium gives a dropped item (not in every DOM typing). */
interface DroppedEntry {
  isDirectory: boolean;
}

/**
 * A folder dropped anywhere on the window: `onFolder` gets the File (its path is the host's to tell). Only a
 * folder is taken; files go on to whoever handles them (the composer's attachments).
 */
export function useFolderDrop(onFolder: (file: File) => void): void {
  useEffect(() => {
    const folderIn = (e: DragEvent): File | undefined => {
      const item = e.dataTransfer?.items?.[0];
      const entry = (item as { webkitGetAsEntry?: () => DroppedEntry | null } | undefined)?.webkitGetAsEntry?.();
      return entry?.isDirectory ? (item?.getAsFile() ?? undefined) : undefined;
    };
    const onDragOver = (e: DragEvent) => {
      // While dragging, the entry cannot be read yet: any file drag may be a folder, so the drop is allowed.
      if (e.dataTransfer?.types.includes('Files')) e.preventDefault();
    };
    const onDrop = (e: DragEvent) => {
      const file = folderIn(e);
      if (!file) return;
      e.preventDefault();
      e.stopPropagation();
      onFolder(file);
    };
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('drop', onDrop, true);
    return () => {
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('drop', onDrop, true);
    };
  }, [onFolder]);
}
