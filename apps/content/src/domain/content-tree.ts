import { type ContentIssue } from './content-issues';

/** Where the import looks for Markdown, and the two YAML files it reads (content/README.md). */
export const MARKDOWN_FOLDERS = ['pages', 'docs', 'articles', 'authors', 'lenders'] as const;
export const YAML_FILES = ['tags.yaml', 'navigation.yaml'] as const;

export interface ContentFile {
  /** Path inside the content folder with forward slashes: 'pages/mala-pozyczka.md', 'tags.yaml'. */
  rel: string;
  data: Buffer;
}

/** The editorial files of one content folder, as read, before anything is validated. */
export interface ContentTree {
  /** How files are named in messages: the folder's own name, so 'content/pages/x.md'. */
  label: string;
  files: ContentFile[];
  /** Files that are where content belongs but cannot be content (wrong extension, nested folders). */
  problems: ContentIssue[];
}
