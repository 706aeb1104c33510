import { Module } from '@nestjs/common';
import { ContentController } from './content.controller';
import { PagesRepository } from './persistence/pages.repository';

@Module({ controllers: [ContentController], providers: [PagesRepository] })
export class ContentModule {}
