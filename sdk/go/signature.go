package sightline

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
	"time"
)

// Headers of a signed request from the service (runner triggers, webhooks).
const (
	SignatureHeader = "X-Service-Signature"
	TimestampHeader = "X-Service-Timestamp"
)

// DefaultSignatureTolerance is how far a signed timestamp may be from now.
const DefaultSignatureTolerance = 300 * time.Second

// VerifySignature reports whether signature is the hex HMAC-SHA256 of "<timestamp>.<body>" keyed
// with secret, and timestamp (Unix seconds) is within tolerance of now (0 means 300 s). Pass the
// body exactly as received: JSON decoded and encoded again does not verify.
func VerifySignature(secret, timestamp string, body []byte, signature string, tolerance time.Duration) bool {
	return VerifySignatureAt(secret, timestamp, body, signature, tolerance, time.Now())
}

// VerifySignatureAt is VerifySignature with the verifier's clock given.
func VerifySignatureAt(secret, timestamp string, body []byte, signature string, tolerance time.Duration, now time.Time) bool {
	if secret == "" || signature == "" || timestamp == "" {
		return false
	}
	for _, r := range timestamp {
		if r < '0' || r > '9' {
			return false // whole seconds only
		}
	}
	ts, err := strconv.ParseInt(timestamp, 10, 64)
	if err != nil {
		return false
	}
	if tolerance <= 0 {
		tolerance = DefaultSignatureTolerance
	}
	skew := now.Unix() - ts
	if skew < 0 {
		skew = -skew
	}
	if time.Duration(skew)*time.Second > tolerance {
		return false
	}
	given, err := hex.DecodeString(strings.TrimSpace(signature))
	if err != nil {
		return false
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(strconv.FormatInt(ts, 10)))
	mac.Write([]byte{'.'})
	mac.Write(body)
	return hmac.Equal(given, mac.Sum(nil))
}
