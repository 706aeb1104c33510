import { Module } from '@nestjs/common';
import { type Logger } from '@lib/observability';
import { LOGGER, SERVICE_CONFIG } from '@lib/service-kit';
import { ArticleViewsUseCases } from './application/article-views.use-cases';
import { BlogUseCases } from './application/blog.use-cases';
import { CalendarUseCases } from './application/calendar.use-cases';
import { CommentedPagesUseCases } from './application/commented-pages.use-cases';
import { CommentsUseCases } from './application/comments.use-cases';
import { ContentImportUseCases } from './application/content-import.use-cases';
import { LenderReviewsUseCases } from './application/lender-reviews.use-cases';
import { NavigationUseCases } from './application/navigation.use-cases';
import { PagesUseCases } from './application/pages.use-cases';
import { type ContentConfig } from './content.config';
import { SchoolBreaks } from './domain/school-breaks';
import { ArticleViewsFlushJob } from './jobs/article-views-flush.job';
import { ArticlesRepository } from './persistence/articles.repository';
import { BlogTaxonomyRepository } from './persistence/blog-taxonomy.repository';
import { CommentsRepository } from './persistence/comments.repository';
import { ContentBundleWriter } from './persistence/content-bundle.writer';
import { ContentFolder } from './persistence/content-folder';
import { LendersRepository } from './persistence/lenders.repository';
import { NavigationRepository } from './persistence/navigation.repository';
import { PagesRepository } from './persistence/pages.repository';
import { loadSchoolBreaks } from './persistence/school-breaks.file';
import { viewCounterProvider } from './persistence/view-counter.provider';
import { ContentController } from './transport/content.controller';

@Module({
  controllers: [ContentController],
  providers: [
    PagesUseCases,
    BlogUseCases,
    LenderReviewsUseCases,
    NavigationUseCases,
    CommentsUseCases,
    ArticleViewsUseCases,
    CalendarUseCases,
    CommentedPagesUseCases,
    ContentImportUseCases,
    ArticleViewsFlushJob,
    PagesRepository,
    ArticlesRepository,
    BlogTaxonomyRepository,
    LendersRepository,
    NavigationRepository,
    CommentsRepository,
    ContentFolder,
    ContentBundleWriter,
    viewCounterProvider,
    {
      provide: SchoolBreaks,
      inject: [LOGGER, SERVICE_CONFIG],
      useFactory: (logger: Logger, config: ContentConfig) => loadSchoolBreaks(config.CONTENT_DIR, logger),
    },
  ],
})
export class ContentModule {}
