package account

import (
	"fmt"
	"html/template"
	"net/url"

	"zuum/shared/mail"
	"zuum/shared/profile"
)

func otpMail(a profile.Account, code string) mail.Message {
	return mail.Message{
		To:      a.Email,
		Subject: "Your Zuum verification code",
		Text: fmt.Sprintf("Hi %s,\n\nYour Zuum verification code is %s. It expires in 10 minutes.\n\n"+
			"If you did not sign up for Zuum, ignore this email.\n", a.FirstName, code),
		HTML: fmt.Sprintf("<p>Hi %s,</p><p>Your Zuum verification code is <strong>%s</strong>. It expires in 10 minutes.</p>"+
			"<p>If you did not sign up for Zuum, ignore this email.</p>", htmlEscape(a.FirstName), code),
	}
}

func resetMail(a profile.Account, appURL, token string) mail.Message {
	link := appURL + "/reset?token=" + url.QueryEscape(token) + "&email=" + url.QueryEscape(a.Email)
	return mail.Message{
		To:      a.Email,
		Subject: "Reset your Zuum password",
		Text: fmt.Sprintf("Hi %s,\n\nReset your password with this link within 30 minutes:\n%s\n\n"+
			"If you did not ask for this, ignore this email; your password stays as it is.\n", a.FirstName, link),
		HTML: fmt.Sprintf("<p>Hi %s,</p><p><a href=\"%s\">Reset your password</a> within 30 minutes.</p>"+
			"<p>If you did not ask for this, ignore this email; your password stays as it is.</p>", htmlEscape(a.FirstName), htmlEscape(link)),
	}
}

func htmlEscape(s string) string { return template.HTMLEscapeString(s) }
