// Package ses sends mail.Messages through Amazon SES (v2). Locally the same client talks to the
// local cloud's SES, which keeps what was sent for tests and developers to read.
package ses

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/sesv2/types"

	"zuum/shared/mail"
)

// Sender sends Messages from one verified address.
type Sender struct {
	client *sesv2.Client
	from   string
}

// New returns a sender using client, sending from the address from.
func New(client *sesv2.Client, from string) *Sender { return &Sender{client: client, from: from} }

// Send delivers m.
func (s *Sender) Send(ctx context.Context, m mail.Message) error {
	body := &types.Body{Text: &types.Content{Data: aws.String(m.Text), Charset: aws.String("UTF-8")}}
	if m.HTML != "" {
		body.Html = &types.Content{Data: aws.String(m.HTML), Charset: aws.String("UTF-8")}
	}
	_, err := s.client.SendEmail(ctx, &sesv2.SendEmailInput{
		FromEmailAddress: aws.String(s.from),
		Destination:      &types.Destination{ToAddresses: []string{m.To}},
		Content: &types.EmailContent{Simple: &types.Message{
			Subject: &types.Content{Data: aws.String(m.Subject), Charset: aws.String("UTF-8")},
			Body:    body,
		}},
	})
	return err
}
