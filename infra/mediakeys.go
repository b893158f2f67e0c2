package main

import (
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"errors"

	"github.com/aws/aws-cdk-go/awscdk/v2/awscloudfront"
	"github.com/aws/aws-cdk-go/awscdk/v2/interfaces/interfacesawscloudfront"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"
)

// mediaSigning is the CloudFront key group that /media/* trusts: signed URLs made with the
// private half of its one public key (kept in the secrets' mediaSigning secret, put there by
// `make media-keys`) are the only way to read posts' media through the distribution.
type mediaSigning struct {
	publicKey awscloudfront.PublicKey
	keyGroup  awscloudfront.KeyGroup
}

// newMediaSigning creates the public key (PEM, from the mediaSigningPublicKey context) and its
// key group; nil when no key is configured, and media/ files are then read by presigned S3 GETs
// on the bucket's address, as before the distribution served them.
func newMediaSigning(scope constructs.Construct, publicKeyPEM string) *mediaSigning {
	if publicKeyPEM == "" {
		return nil
	}
	key := awscloudfront.NewPublicKey(scope, jsii.String("MediaSigningPublicKey"), &awscloudfront.PublicKeyProps{
		Comment:    jsii.String("Zuum: verifies the signed URLs of posts' media (its private key is the MediaSigningSecret)"),
		EncodedKey: jsii.String(publicKeyPEM),
	})
	group := awscloudfront.NewKeyGroup(scope, jsii.String("MediaKeyGroup"), &awscloudfront.KeyGroupProps{
		Comment: jsii.String("Zuum: signers of /media/* URLs"),
		Items:   &[]interfacesawscloudfront.IPublicKeyRef{key},
	})
	return &mediaSigning{publicKey: key, keyGroup: group}
}

// checkPublicKey reports whether publicKeyPEM is what CloudFront takes: an RSA public key
// (2048 bits) in PEM, SubjectPublicKeyInfo ("PUBLIC KEY", as openssl rsa -pubout writes it).
func checkPublicKey(publicKeyPEM string) error {
	block, _ := pem.Decode([]byte(publicKeyPEM))
	if block == nil || block.Type != "PUBLIC KEY" {
		return errors.New("is not a PEM public key (-----BEGIN PUBLIC KEY-----): run make media-keys")
	}
	key, err := x509.ParsePKIXPublicKey(block.Bytes)
	if err != nil {
		return err
	}
	rk, ok := key.(*rsa.PublicKey)
	if !ok || rk.N.BitLen() != 2048 {
		return errors.New("must be a 2048-bit RSA key, the only kind CloudFront takes")
	}
	return nil
}
