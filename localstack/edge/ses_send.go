package edge

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/mail"
	"strings"
)

// sendEmailInput is the part of SES v2 SendEmail the edge reads.
type sendEmailInput struct {
	FromEmailAddress string
	Destination      *Destination
	Content          struct {
		Simple *struct {
			Subject *struct{ Data string }
			Body    *struct {
				Text *struct{ Data string }
				Html *struct{ Data string }
			}
		}
		Raw      *struct{ Data []byte } // base64 in JSON, as the SDK sends blobs
		Template *struct{ TemplateName, TemplateArn string }
	}
}

// maxMessageBody is SES's limit on a whole message (40 MB).
const maxMessageBody = 40 << 20

// serveSend is SES v2 SendEmail: it validates as SES does and keeps the message.
func (m *mailbox) serveSend(w http.ResponseWriter, r *http.Request) {
	raw, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxMessageBody))
	if err != nil {
		writeRESTError(w, badRequest("cannot read request: "+err.Error()))
		return
	}
	var in sendEmailInput
	if err := json.Unmarshal(raw, &in); err != nil {
		writeRESTError(w, badRequest("malformed SendEmail request: "+err.Error()))
		return
	}
	msg, e := buildMessage(in)
	if e != nil {
		writeRESTError(w, e)
		return
	}
	msg.ID, msg.Region, msg.Timestamp = newMessageID(), scopeRegion(r), now()
	m.add(msg)
	writeJSON(w, http.StatusOK, contentJSON, map[string]string{"MessageId": msg.ID})
}

// buildMessage turns a SendEmail request into the message SES would send, or the error SES
// would answer.
func buildMessage(in sendEmailInput) (Message, *awsError) {
	c := in.Content
	msg := Message{Source: in.FromEmailAddress}
	if in.Destination != nil {
		msg.Destination = *in.Destination
	}
	switch {
	case c.Template != nil:
		name := c.Template.TemplateName
		if name == "" {
			name = c.Template.TemplateArn
		}
		return msg, &awsError{http.StatusNotFound, "NotFoundException", "Template " + name + " does not exist."}
	case c.Raw != nil:
		if e := fillFromRaw(&msg, c.Raw.Data); e != nil {
			return msg, e
		}
	case c.Simple != nil:
		s := c.Simple
		if s.Subject == nil || s.Body == nil {
			return msg, badRequest("Simple content requires a Subject and a Body.")
		}
		msg.Subject = s.Subject.Data
		if s.Body.Text != nil {
			msg.Body.Text = s.Body.Text.Data
		}
		if s.Body.Html != nil {
			msg.Body.HTML = s.Body.Html.Data
		}
		if msg.Body.Text == "" && msg.Body.HTML == "" {
			return msg, badRequest("The message body must have a Text or an Html part.")
		}
	default:
		return msg, badRequest("Content must be Simple, Raw or Template.")
	}
	if msg.Source == "" {
		return msg, badRequest("Missing required field FromEmailAddress.")
	}
	if _, err := mail.ParseAddress(msg.Source); err != nil {
		return msg, badRequest("Illegal address: " + msg.Source)
	}
	d := msg.Destination
	if len(d.ToAddresses)+len(d.CcAddresses)+len(d.BccAddresses) == 0 {
		return msg, badRequest("Missing required field Destination: at least one recipient is required.")
	}
	if msg.Destination.ToAddresses == nil {
		msg.Destination.ToAddresses = []string{}
	}
	for _, list := range [][]string{d.ToAddresses, d.CcAddresses, d.BccAddresses} {
		for _, a := range list {
			if _, err := mail.ParseAddress(a); err != nil {
				return msg, badRequest("Illegal address: " + a)
			}
		}
	}
	return msg, nil
}

// fillFromRaw keeps a raw MIME message, taking sender and recipients from its headers when the
// request names none, as SES does.
func fillFromRaw(msg *Message, data []byte) *awsError {
	if len(data) == 0 {
		return badRequest("Raw content requires Data.")
	}
	msg.RawData = string(data)
	parsed, err := mail.ReadMessage(strings.NewReader(msg.RawData))
	if err != nil {
		return badRequest("Raw message is not a valid MIME message: " + err.Error())
	}
	msg.Subject = parsed.Header.Get("Subject")
	if msg.Source == "" {
		msg.Source = parsed.Header.Get("From")
	}
	d := &msg.Destination
	if len(d.ToAddresses)+len(d.CcAddresses)+len(d.BccAddresses) > 0 {
		return nil
	}
	for header, list := range map[string]*[]string{"To": &d.ToAddresses, "Cc": &d.CcAddresses, "Bcc": &d.BccAddresses} {
		addrs, err := parsed.Header.AddressList(header)
		if err != nil && !errors.Is(err, mail.ErrHeaderNotPresent) {
			return badRequest("Illegal address in " + header + ": " + err.Error())
		}
		for _, a := range addrs {
			*list = append(*list, a.Address)
		}
	}
	return nil
}

func badRequest(msg string) *awsError {
	return &awsError{http.StatusBadRequest, "BadRequestException", msg}
}
