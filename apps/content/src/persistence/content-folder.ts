import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Injectable } from '@nestjs/common';
import { type ContentIssue } from '../domain/content-issues';
import { type ContentFile, type ContentTree, MARKDOWN_FOLDERS, YAML_FILES } from '../domain/content-tree';

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
}

/** The editorial files on disk (CONTENT_DIR). */
@Injectable()
export class ContentFolder {
  /**
   * Reads the editorial files the importer knows: Markdown in pages/, docs/, articles/, authors/ and
   * lenders/, plus tags.yaml and navigation.yaml. Other top-level entries (README.md, calendar/ data)
   * belong to others and are left alone.
   */
  async read(dir: string): Promise<ContentTree> {
    const label = path.basename(dir);
    const info = await stat(dir).catch(() => undefined);
    if (!info?.isDirectory()) {
      return {
        label,
        files: [],
        problems: [{ file: dir, field: '(folder)', message: 'content folder not found (set CONTENT_DIR)' }],
      };
    }
    const files: ContentFile[] = [];
    const problems: ContentIssue[] = [];

    for (const folder of MARKDOWN_FOLDERS) {
      const folderPath = path.join(dir, folder);
      if (!(await exists(folderPath))) continue;
      const entries = await readdir(folderPath, { withFileTypes: true });
      for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
        if (entry.name.startsWith('.')) continue;
        const rel = `${folder}/${entry.name}`;
        if (!entry.isFile())
          problems.push({
            file: `${label}/${rel}`,
            field: '(file)',
            message: 'sub-folders are not read; move the files up',
          });
        else if (!entry.name.endsWith('.md'))
          problems.push({
            file: `${label}/${rel}`,
            field: '(file)',
            message: 'only Markdown files (.md) belong here',
          });
        else files.push({ rel, data: await readFile(path.join(folderPath, entry.name)) });
      }
    }
    for (const name of YAML_FILES) {
      const file = path.join(dir, name);
      if (await exists(file)) files.push({ rel: name, data: await readFile(file) });
    }
    return { label, files, problems };
  }
}
