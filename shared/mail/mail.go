// Package mail is the transactional email a domain sends: the Message. Its sender over Amazon SES
// (v2) is shared/mail/ses, a package of its own so that only the functions that send mail link the
// SES client.
package mail

// Message is one email.
type Message struct {
	To      string
	Subject string
	Text    string
	HTML    string
}
