import { Module } from '@nestjs/common';
import { BlogController } from './blog.controller';
import { CalendarModule } from './calendar/calendar.module';
import { CommentsModule } from './comments/comments.module';
import { ContentController } from './content.controller';
import { ContentImporter } from './import/content-importer';
import { LendersController } from './lenders.controller';
import { NavigationController } from './navigation.controller';
import { ArticlesRepository } from './persistence/articles.repository';
import { BlogTaxonomyRepository } from './persistence/blog-taxonomy.repository';
import { LendersRepository } from './persistence/lenders.repository';
import { NavigationRepository } from './persistence/navigation.repository';
import { PagesRepository } from './persistence/pages.repository';
import { ArticleViewsController } from './views/article-views.controller';
import { ArticleViewsService } from './views/article-views.service';

@Module({
  imports: [CalendarModule, CommentsModule],
  controllers: [
    ContentController,
    BlogController,
    LendersController,
    NavigationController,
    ArticleViewsController,
  ],
  providers: [
    PagesRepository,
    ArticlesRepository,
    BlogTaxonomyRepository,
    LendersRepository,
    NavigationRepository,
    ArticleViewsService,
    ContentImporter,
  ],
})
export class ContentModule {}
