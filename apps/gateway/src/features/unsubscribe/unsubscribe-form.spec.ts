import { leadsV1 } from '@lib/contracts';
import { linkRequestAnswer } from './unsubscribe.api';
import {
  SMS_UNAVAILABLE_HREF,
  UNSUBSCRIBE_FIELDS,
  UNSUBSCRIBE_TEXTS,
  linkSentOf,
  linkSubject,
  sentHref,
  sentText,
} from './unsubscribe-form';

describe('the self-service link request', () => {
  it('takes the one field as an e-mail when it has an @ or a letter, else as a phone number', () => {
    expect(linkSubject(' anna.kowalska@example.pl ')).toEqual({
      email: 'anna.kowalska@example.pl',
      phone: '',
    });
    expect(linkSubject('600 123 456')).toEqual({ email: '', phone: '600 123 456' });
    expect(linkSubject('+48 600-123-456')).toEqual({ email: '', phone: '+48 600-123-456' });
    // A mistyped address is still an e-mail: the service's e-mail message lands next to the field.
    expect(linkSubject('anna.kowalska.example.pl')).toEqual({ email: 'anna.kowalska.example.pl', phone: '' });
    expect(linkSubject('żaneta')).toEqual({ email: 'żaneta', phone: '' });
    expect(linkSubject('   ')).toEqual({ email: '', phone: '' });
  });

  it('gives the same confirmation whatever the service knows: by channel only', () => {
    expect(linkRequestAnswer(leadsV1.SelfServiceChannel.EMAIL)).toEqual({
      href: '/unsubscribe/?wyslano=email',
      message: UNSUBSCRIBE_TEXTS.sentEmail,
    });
    expect(linkRequestAnswer(leadsV1.SelfServiceChannel.SMS)).toEqual({
      href: '/unsubscribe/?wyslano=sms',
      message: UNSUBSCRIBE_TEXTS.sentSms,
    });
    // Phone only and no SMS provider: the form again, asking for the e-mail.
    expect(linkRequestAnswer(leadsV1.SelfServiceChannel.UNAVAILABLE)).toEqual({
      href: SMS_UNAVAILABLE_HREF,
      message: UNSUBSCRIBE_TEXTS.smsUnavailable,
    });
    expect(linkRequestAnswer(leadsV1.SelfServiceChannel.UNSPECIFIED).href).toBe(sentHref('email'));
    expect(SMS_UNAVAILABLE_HREF).toBe('/unsubscribe/?sms=niedostepny');
  });

  it('words the confirmation as the brief has it, and reads only known confirmation values', () => {
    expect(sentText('email')).toBe(
      'Jeśli mamy dane powiązane z tym adresem, wysłaliśmy na niego link do zarządzania danymi. Link jest ważny 24 godziny i działa jeden raz.',
    );
    expect(sentText('sms')).toContain('24 godziny i działa jeden raz');
    expect(UNSUBSCRIBE_TEXTS.smsUnavailable).toMatch(/Nie możemy teraz wysłać SMS-a\. Podaj adres e-mail/);
    expect(linkSentOf('email')).toBe('email');
    expect(linkSentOf('sms')).toBe('sms');
    expect(linkSentOf('tak')).toBeNull();
    expect(linkSentOf(null)).toBeNull();
  });

  it('has one field and no erasure checkbox: asking for the link changes nothing', () => {
    expect(UNSUBSCRIBE_FIELDS.map((field) => [field.name, field.label])).toEqual([
      ['adres', 'Adres e-mail lub numer telefonu'],
    ]);
    expect(UNSUBSCRIBE_FIELDS.some((field) => field.kind === 'checkbox')).toBe(false);
  });
});
