import { ErrorBoundary } from './errors/error-boundary';
import { type LayoutName, layouts } from './layouts';
import { type LoadedPage } from './pages';
import { type RenderContext, RenderContextProvider } from './render-context';

export interface AppProps {
  context: RenderContext;
  layout: LayoutName;
  /** The page component, already loaded (server: at start; browser: before a client-side navigation renders it). */
  Page: LoadedPage;
  data: unknown;
  /** Changes on every navigation so a failed page's error screen does not stick to the next one. */
  pageKey: string;
}

/** The React tree of every page, identical on the server and in the browser. */
export function App({ context, layout, Page, data, pageKey }: AppProps) {
  const Layout = layouts[layout];
  return (
    <RenderContextProvider value={context}>
      <Layout>
        <ErrorBoundary key={pageKey} country={context.locale.country}>
          <Page data={data} />
        </ErrorBoundary>
      </Layout>
    </RenderContextProvider>
  );
}
