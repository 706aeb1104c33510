import { strictMock } from '@lib/testing';
import { ContactMessageEntity } from '../persistence/contact-message.entity';
import { type ContactMessagesRepository } from '../persistence/contact-messages.repository';
import { ContactUseCases } from './contact.use-cases';

const message = { name: 'Jan Kowalski', email: 'jan@example.pl', phone: '+48600100200', message: 'Chciałbym zapytać o współpracę.' };

describe('ContactUseCases.submitContactMessage', () => {
  it('stores the message and answers with the stored id and receipt time', async () => {
    const insert = jest.fn().mockResolvedValue(
      Object.assign(new ContactMessageEntity(), { ...message, id: '0b7e8c1a-2f4d-4e6b-9a1c-3d5e7f9a1b2c', receivedAt: new Date('2026-11-20T10:00:00.123Z') }),
    );
    const contact = new ContactUseCases(strictMock<ContactMessagesRepository>('contactMessages', { insert }));

    await expect(contact.submitContactMessage(message)).resolves.toEqual({
      id: '0b7e8c1a-2f4d-4e6b-9a1c-3d5e7f9a1b2c',
      receivedAt: '2026-11-20T10:00:00.123Z',
    });
    expect(insert).toHaveBeenCalledWith(message);
  });

  it('does not acknowledge a message the store refused', async () => {
    const insert = jest.fn().mockRejectedValue(new Error('connection terminated'));
    const contact = new ContactUseCases(strictMock<ContactMessagesRepository>('contactMessages', { insert }));

    await expect(contact.submitContactMessage({ ...message, phone: undefined })).rejects.toThrow('connection terminated');
  });
});
